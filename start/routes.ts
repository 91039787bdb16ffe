/*
| Route registry: one file per area under start/routes/.
*/
import router from '@adonisjs/core/services/router'
import { UUID_ROUTE_PARAMETERS } from '#support/uuid_route_parameters'

/*
| Every resource id is a UUID. A path whose id is not one matches no route (404), so a malformed
| id never reaches a query (PostgreSQL would reject it with an error).
*/
for (const param of UUID_ROUTE_PARAMETERS) {
  router.where(param, router.matchers.uuid())
}

import '#start/routes/system'
import '#start/routes/accounts'
import '#start/routes/legal'
import '#start/routes/catalog'
import '#start/routes/cart'
import '#start/routes/coupons'
import '#start/routes/checkout'
import '#start/routes/orders'
import '#start/routes/payments'
import '#start/routes/ledger'
import '#start/routes/audit'
import '#start/routes/integrations'
import '#start/routes/privacy'
import '#start/routes/admin'
