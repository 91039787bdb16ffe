/*
| Routes of the orders area.
*/
