/*
| Routes of the catalog area.
*/
