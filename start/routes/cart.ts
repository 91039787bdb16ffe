/*
| Routes of the cart area.
*/
