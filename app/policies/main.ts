/*
| Bouncer policies, pre-registered so Edge templates can refer to them by name.
*/
export const policies = {}
