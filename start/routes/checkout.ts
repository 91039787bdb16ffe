/*
| Routes of the checkout area.
*/
