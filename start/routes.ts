/*
| Route registry: one file per area under start/routes/.
*/
import '#start/routes/system'
import '#start/routes/accounts'
import '#start/routes/legal'
import '#start/routes/catalog'
import '#start/routes/cart'
import '#start/routes/coupons'
import '#start/routes/checkout'
import '#start/routes/orders'
