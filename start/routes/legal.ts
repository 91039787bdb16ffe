/*
| Routes of the legal area.
*/
