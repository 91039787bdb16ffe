/*
| Routes of the coupons area.
*/
