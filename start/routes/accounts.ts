/*
| Routes of the accounts area.
*/
