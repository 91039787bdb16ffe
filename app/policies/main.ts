/*
| Bouncer policies, one per resource: the one gate of the API and the console alike. Registered
| here so Edge templates can name them (`@can('UserPolicy.manage', user)`); controllers pass the
| class (`bouncer.with(CouponPolicy).authorize('create')`). Each answers which kind of account may
| do what; which rows it may touch is scoped in SQL by the services. Every action is asked by a
| route or a page (tests/unit/policies/policies.spec.ts).
*/
export const policies = {
  UserPolicy: () => import('#policies/user_policy'),
  OrderPolicy: () => import('#policies/order_policy'),
  ShopPolicy: () => import('#policies/shop_policy'),
  ProductPolicy: () => import('#policies/product_policy'),
  CouponPolicy: () => import('#policies/coupon_policy'),
  LegalDocumentPolicy: () => import('#policies/legal_document_policy'),
  ShippingMethodPolicy: () => import('#policies/shipping_method_policy'),
  ShippingAddressPolicy: () => import('#policies/shipping_address_policy'),
  TaxRatePolicy: () => import('#policies/tax_rate_policy'),
  CartPolicy: () => import('#policies/cart_policy'),
  AdminActionPolicy: () => import('#policies/admin_action_policy'),
  HealthPolicy: () => import('#policies/health_policy'),
  IntegrationPolicy: () => import('#policies/integration_policy'),
  PaymentPolicy: () => import('#policies/payment_policy'),
  ReturnPolicy: () => import('#policies/return_policy'),
  LedgerPolicy: () => import('#policies/ledger_policy'),
  PayoutPolicy: () => import('#policies/payout_policy'),
  CategoryPolicy: () => import('#policies/category_policy'),
  PrivacyPolicy: () => import('#policies/privacy_policy'),
}
