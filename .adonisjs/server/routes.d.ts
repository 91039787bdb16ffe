import '@adonisjs/core/types/http'

type ParamValue = string | number | bigint | boolean

export type ScannedRoutes = {
  ALL: {
    'health.show': { paramsTuple?: []; params?: {} }
    'health.ready': { paramsTuple?: []; params?: {} }
    'api_docs.document': { paramsTuple?: []; params?: {} }
    'api_docs.page': { paramsTuple?: []; params?: {} }
    'api_docs.asset': { paramsTuple: [ParamValue]; params: {'file': ParamValue} }
    'policies.index': { paramsTuple?: []; params?: {} }
    'policies.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'policies.current': { paramsTuple: [ParamValue]; params: {'type': ParamValue} }
    'policies.store': { paramsTuple?: []; params?: {} }
    'policies.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'policies.deactivate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'policy_consents.store': { paramsTuple?: []; params?: {} }
    'policy_consents.index': { paramsTuple?: []; params?: {} }
    'policy_consents.show': { paramsTuple: [ParamValue]; params: {'policyType': ParamValue} }
    'cart.show': { paramsTuple?: []; params?: {} }
    'cart.clear': { paramsTuple?: []; params?: {} }
    'cart.add': { paramsTuple?: []; params?: {} }
    'cart.update': { paramsTuple: [ParamValue]; params: {'variantId': ParamValue} }
    'cart.remove': { paramsTuple: [ParamValue]; params: {'variantId': ParamValue} }
    'admin_coupons.store': { paramsTuple?: []; params?: {} }
    'admin_coupons.index': { paramsTuple?: []; params?: {} }
    'admin_coupons.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_coupons.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'coupons.show': { paramsTuple: [ParamValue]; params: {'code': ParamValue} }
    'shipping_addresses.store': { paramsTuple?: []; params?: {} }
    'shipping_addresses.index': { paramsTuple?: []; params?: {} }
    'shipping_addresses.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'shipping_addresses.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'shipping_methods.index': { paramsTuple?: []; params?: {} }
    'checkout.summary': { paramsTuple?: []; params?: {} }
    'checkout.place_order': { paramsTuple?: []; params?: {} }
    'admin_shipping_methods.index': { paramsTuple?: []; params?: {} }
    'admin_shipping_methods.store': { paramsTuple?: []; params?: {} }
    'admin_shipping_methods.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_shipping_methods.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_tax_rates.index': { paramsTuple?: []; params?: {} }
    'admin_tax_rates.store': { paramsTuple?: []; params?: {} }
    'admin_tax_rates.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_tax_rates.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'orders.index': { paramsTuple?: []; params?: {} }
    'orders.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'orders.cancel': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'returns.index': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'returns.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_orders.index': { paramsTuple?: []; params?: {} }
    'seller_orders.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_orders.update_status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_orders.update_payment_status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_orders.list_refunds': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_orders.create_refund': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_returns.index': { paramsTuple?: []; params?: {} }
    'seller_returns.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_returns.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_returns.reject': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_returns.receive': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_orders.index': { paramsTuple?: []; params?: {} }
    'admin_orders.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_orders.update_status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_orders.update_payment_status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_orders.list_refunds': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_orders.create_refund': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_returns.index': { paramsTuple?: []; params?: {} }
    'admin_returns.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_returns.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_returns.reject': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_returns.receive': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'payments.show': { paramsTuple: [ParamValue]; params: {'checkoutId': ParamValue} }
    'payments.retry': { paramsTuple: [ParamValue]; params: {'checkoutId': ParamValue} }
    'admin_payments.index': { paramsTuple?: []; params?: {} }
    'payments.webhook': { paramsTuple?: []; params?: {} }
    'seller_ledger.balance': { paramsTuple?: []; params?: {} }
    'seller_ledger.index': { paramsTuple?: []; params?: {} }
    'seller_payouts.index': { paramsTuple?: []; params?: {} }
    'admin_ledger.commission': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_ledger.set_commission': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_ledger.balance': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_ledger.index': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_ledger.adjust': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_payouts.set_stripe_account': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_payouts.index': { paramsTuple?: []; params?: {} }
    'admin_payouts.run': { paramsTuple?: []; params?: {} }
    'admin_payouts.paid': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_payouts.failed': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'activity.index': { paramsTuple?: []; params?: {} }
    'admin_webhooks.index': { paramsTuple?: []; params?: {} }
    'admin_webhooks.store': { paramsTuple?: []; params?: {} }
    'admin_webhooks.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_webhooks.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_webhooks.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_webhooks.rotate_secret': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_webhooks.deliveries': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_webhooks.redeliver': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_api_keys.index': { paramsTuple?: []; params?: {} }
    'admin_api_keys.store': { paramsTuple?: []; params?: {} }
    'admin_api_keys.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'privacy.export': { paramsTuple?: []; params?: {} }
    'privacy.erase': { paramsTuple?: []; params?: {} }
    'console.login': { paramsTuple?: []; params?: {} }
    'console.login.store': { paramsTuple?: []; params?: {} }
    'console.login.verify': { paramsTuple?: []; params?: {} }
    'console.login.verify.store': { paramsTuple?: []; params?: {} }
    'console.login.passkey.options': { paramsTuple?: []; params?: {} }
    'console.login.passkey': { paramsTuple?: []; params?: {} }
    'console.assets.webauthn': { paramsTuple?: []; params?: {} }
    'console.logout': { paramsTuple?: []; params?: {} }
    'console.dashboard': { paramsTuple?: []; params?: {} }
    'console.search.index': { paramsTuple?: []; params?: {} }
    'console.users.index': { paramsTuple?: []; params?: {} }
    'console.users.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.activate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.confirm_deactivate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.deactivate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.type': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.export': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.confirm_erase': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.erase': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.policies.index': { paramsTuple?: []; params?: {} }
    'console.policies.create': { paramsTuple?: []; params?: {} }
    'console.policies.store': { paramsTuple?: []; params?: {} }
    'console.policies.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.policies.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.policies.confirm_deactivate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.policies.deactivate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.policies.export_consents': { paramsTuple?: []; params?: {} }
    'console.coupons.index': { paramsTuple?: []; params?: {} }
    'console.coupons.create': { paramsTuple?: []; params?: {} }
    'console.coupons.store': { paramsTuple?: []; params?: {} }
    'console.coupons.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.coupons.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.coupons.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.coupons.confirm_destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.index': { paramsTuple?: []; params?: {} }
    'console.shops.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.confirm_suspend': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.suspend': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.ledger': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.commission': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.adjust': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.stripe_account': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.payouts.export': { paramsTuple?: []; params?: {} }
    'console.payouts.confirm_run': { paramsTuple?: []; params?: {} }
    'console.payouts.run': { paramsTuple?: []; params?: {} }
    'console.payouts.index': { paramsTuple?: []; params?: {} }
    'console.payouts.paid': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.payouts.failed': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.orders.index': { paramsTuple?: []; params?: {} }
    'console.orders.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.orders.export': { paramsTuple?: []; params?: {} }
    'console.orders.confirm_cancel': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.orders.confirm_refund': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.orders.refund': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.payments.index': { paramsTuple?: []; params?: {} }
    'console.returns.index': { paramsTuple?: []; params?: {} }
    'console.returns.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.returns.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.returns.reject': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.returns.receive': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.orders.status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.orders.payment_status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.activity.index': { paramsTuple?: []; params?: {} }
    'console.categories.index': { paramsTuple?: []; params?: {} }
    'console.categories.create': { paramsTuple?: []; params?: {} }
    'console.categories.store': { paramsTuple?: []; params?: {} }
    'console.categories.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.categories.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.categories.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.categories.confirm_destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.tax_rates.index': { paramsTuple?: []; params?: {} }
    'console.tax_rates.create': { paramsTuple?: []; params?: {} }
    'console.tax_rates.store': { paramsTuple?: []; params?: {} }
    'console.tax_rates.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.tax_rates.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.tax_rates.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.tax_rates.confirm_destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shipping_methods.index': { paramsTuple?: []; params?: {} }
    'console.shipping_methods.create': { paramsTuple?: []; params?: {} }
    'console.shipping_methods.store': { paramsTuple?: []; params?: {} }
    'console.shipping_methods.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shipping_methods.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shipping_methods.activate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shipping_methods.deactivate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.index': { paramsTuple?: []; params?: {} }
    'console.products.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.confirm_take_down': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.take_down': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.restore': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.variants.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.variants.update': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'variantId': ParamValue} }
    'console.products.variants.confirm_destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'variantId': ParamValue} }
    'console.products.variants.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'variantId': ParamValue} }
    'console.products.images.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.images.reorder': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.images.confirm_destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'imageId': ParamValue} }
    'console.products.images.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'imageId': ParamValue} }
    'console.webhooks.index': { paramsTuple?: []; params?: {} }
    'console.webhooks.create': { paramsTuple?: []; params?: {} }
    'console.webhooks.store': { paramsTuple?: []; params?: {} }
    'console.webhooks.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.webhooks.enable': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.webhooks.disable': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.webhooks.rotate_secret': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.webhooks.redeliver': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.api_keys.index': { paramsTuple?: []; params?: {} }
    'console.api_keys.store': { paramsTuple?: []; params?: {} }
    'console.api_keys.revoke': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.security.show': { paramsTuple?: []; params?: {} }
    'console.security.totp.create': { paramsTuple?: []; params?: {} }
    'console.security.totp.store': { paramsTuple?: []; params?: {} }
    'console.security.totp.confirm_destroy': { paramsTuple?: []; params?: {} }
    'console.security.totp.destroy': { paramsTuple?: []; params?: {} }
    'console.security.recovery_codes.show': { paramsTuple?: []; params?: {} }
    'console.security.recovery_codes.store': { paramsTuple?: []; params?: {} }
    'console.security.passkeys.options': { paramsTuple?: []; params?: {} }
    'console.security.passkeys.store': { paramsTuple?: []; params?: {} }
    'console.security.passkeys.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.security.passkeys.confirm_destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.security.passkeys.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'auth.register': { paramsTuple?: []; params?: {} }
    'auth.verify_otp': { paramsTuple?: []; params?: {} }
    'auth.verify_otp_body': { paramsTuple?: []; params?: {} }
    'auth.login': { paramsTuple?: []; params?: {} }
    'auth.refresh': { paramsTuple?: []; params?: {} }
    'auth.logout': { paramsTuple?: []; params?: {} }
    'auth.me': { paramsTuple?: []; params?: {} }
    'auth.forget_password': { paramsTuple?: []; params?: {} }
    'auth.forget_password_body': { paramsTuple?: []; params?: {} }
    'auth.reset_password': { paramsTuple?: []; params?: {} }
    'auth.reset_password_body': { paramsTuple?: []; params?: {} }
    'auth.change_password': { paramsTuple?: []; params?: {} }
    'user_administration.change_user_type': { paramsTuple: [ParamValue]; params: {'userId': ParamValue} }
    'user_administration.deactivate': { paramsTuple: [ParamValue]; params: {'userId': ParamValue} }
    'user_administration.activate': { paramsTuple: [ParamValue]; params: {'userId': ParamValue} }
    'products.index': { paramsTuple?: []; params?: {} }
    'products.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'categories.index': { paramsTuple?: []; params?: {} }
    'shops.index': { paramsTuple?: []; params?: {} }
    'shops.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_shops.index': { paramsTuple?: []; params?: {} }
    'seller_shops.store': { paramsTuple?: []; params?: {} }
    'seller_shops.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_products.index': { paramsTuple?: []; params?: {} }
    'seller_products.store': { paramsTuple?: []; params?: {} }
    'seller_products.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_products.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_products.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_product_images.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_product_images.reorder': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_product_images.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'imageId': ParamValue} }
    'seller_product_variants.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_product_variants.update': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'variantId': ParamValue} }
    'seller_product_variants.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'variantId': ParamValue} }
    'admin_shops.index': { paramsTuple?: []; params?: {} }
    'admin_shops.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_shops.suspend': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_categories.index': { paramsTuple?: []; params?: {} }
    'admin_categories.store': { paramsTuple?: []; params?: {} }
    'admin_categories.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_categories.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'media.show': { paramsTuple: [ParamValue,ParamValue]; params: {'productId': ParamValue,'file': ParamValue} }
  }
  GET: {
    'health.show': { paramsTuple?: []; params?: {} }
    'health.ready': { paramsTuple?: []; params?: {} }
    'api_docs.document': { paramsTuple?: []; params?: {} }
    'api_docs.page': { paramsTuple?: []; params?: {} }
    'api_docs.asset': { paramsTuple: [ParamValue]; params: {'file': ParamValue} }
    'policies.index': { paramsTuple?: []; params?: {} }
    'policies.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'policies.current': { paramsTuple: [ParamValue]; params: {'type': ParamValue} }
    'policy_consents.index': { paramsTuple?: []; params?: {} }
    'policy_consents.show': { paramsTuple: [ParamValue]; params: {'policyType': ParamValue} }
    'cart.show': { paramsTuple?: []; params?: {} }
    'admin_coupons.index': { paramsTuple?: []; params?: {} }
    'coupons.show': { paramsTuple: [ParamValue]; params: {'code': ParamValue} }
    'shipping_addresses.index': { paramsTuple?: []; params?: {} }
    'shipping_methods.index': { paramsTuple?: []; params?: {} }
    'admin_shipping_methods.index': { paramsTuple?: []; params?: {} }
    'admin_tax_rates.index': { paramsTuple?: []; params?: {} }
    'orders.index': { paramsTuple?: []; params?: {} }
    'orders.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'returns.index': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_orders.index': { paramsTuple?: []; params?: {} }
    'seller_orders.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_orders.list_refunds': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_returns.index': { paramsTuple?: []; params?: {} }
    'seller_returns.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_orders.index': { paramsTuple?: []; params?: {} }
    'admin_orders.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_orders.list_refunds': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_returns.index': { paramsTuple?: []; params?: {} }
    'admin_returns.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'payments.show': { paramsTuple: [ParamValue]; params: {'checkoutId': ParamValue} }
    'admin_payments.index': { paramsTuple?: []; params?: {} }
    'seller_ledger.balance': { paramsTuple?: []; params?: {} }
    'seller_ledger.index': { paramsTuple?: []; params?: {} }
    'seller_payouts.index': { paramsTuple?: []; params?: {} }
    'admin_ledger.commission': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_ledger.balance': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_ledger.index': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_payouts.index': { paramsTuple?: []; params?: {} }
    'activity.index': { paramsTuple?: []; params?: {} }
    'admin_webhooks.index': { paramsTuple?: []; params?: {} }
    'admin_webhooks.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_webhooks.deliveries': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_api_keys.index': { paramsTuple?: []; params?: {} }
    'privacy.export': { paramsTuple?: []; params?: {} }
    'console.login': { paramsTuple?: []; params?: {} }
    'console.login.verify': { paramsTuple?: []; params?: {} }
    'console.assets.webauthn': { paramsTuple?: []; params?: {} }
    'console.dashboard': { paramsTuple?: []; params?: {} }
    'console.search.index': { paramsTuple?: []; params?: {} }
    'console.users.index': { paramsTuple?: []; params?: {} }
    'console.users.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.confirm_deactivate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.export': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.confirm_erase': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.policies.index': { paramsTuple?: []; params?: {} }
    'console.policies.create': { paramsTuple?: []; params?: {} }
    'console.policies.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.policies.confirm_deactivate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.policies.export_consents': { paramsTuple?: []; params?: {} }
    'console.coupons.index': { paramsTuple?: []; params?: {} }
    'console.coupons.create': { paramsTuple?: []; params?: {} }
    'console.coupons.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.coupons.confirm_destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.index': { paramsTuple?: []; params?: {} }
    'console.shops.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.confirm_suspend': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.ledger': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.payouts.export': { paramsTuple?: []; params?: {} }
    'console.payouts.confirm_run': { paramsTuple?: []; params?: {} }
    'console.payouts.index': { paramsTuple?: []; params?: {} }
    'console.orders.index': { paramsTuple?: []; params?: {} }
    'console.orders.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.orders.export': { paramsTuple?: []; params?: {} }
    'console.orders.confirm_cancel': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.orders.confirm_refund': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.payments.index': { paramsTuple?: []; params?: {} }
    'console.returns.index': { paramsTuple?: []; params?: {} }
    'console.returns.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.activity.index': { paramsTuple?: []; params?: {} }
    'console.categories.index': { paramsTuple?: []; params?: {} }
    'console.categories.create': { paramsTuple?: []; params?: {} }
    'console.categories.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.categories.confirm_destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.tax_rates.index': { paramsTuple?: []; params?: {} }
    'console.tax_rates.create': { paramsTuple?: []; params?: {} }
    'console.tax_rates.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.tax_rates.confirm_destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shipping_methods.index': { paramsTuple?: []; params?: {} }
    'console.shipping_methods.create': { paramsTuple?: []; params?: {} }
    'console.shipping_methods.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.index': { paramsTuple?: []; params?: {} }
    'console.products.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.confirm_take_down': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.variants.confirm_destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'variantId': ParamValue} }
    'console.products.images.confirm_destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'imageId': ParamValue} }
    'console.webhooks.index': { paramsTuple?: []; params?: {} }
    'console.webhooks.create': { paramsTuple?: []; params?: {} }
    'console.webhooks.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.api_keys.index': { paramsTuple?: []; params?: {} }
    'console.security.show': { paramsTuple?: []; params?: {} }
    'console.security.totp.create': { paramsTuple?: []; params?: {} }
    'console.security.totp.confirm_destroy': { paramsTuple?: []; params?: {} }
    'console.security.recovery_codes.show': { paramsTuple?: []; params?: {} }
    'console.security.passkeys.confirm_destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'auth.verify_otp': { paramsTuple?: []; params?: {} }
    'auth.me': { paramsTuple?: []; params?: {} }
    'auth.forget_password': { paramsTuple?: []; params?: {} }
    'auth.reset_password': { paramsTuple?: []; params?: {} }
    'products.index': { paramsTuple?: []; params?: {} }
    'products.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'categories.index': { paramsTuple?: []; params?: {} }
    'shops.index': { paramsTuple?: []; params?: {} }
    'shops.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_shops.index': { paramsTuple?: []; params?: {} }
    'seller_products.index': { paramsTuple?: []; params?: {} }
    'seller_products.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_shops.index': { paramsTuple?: []; params?: {} }
    'admin_categories.index': { paramsTuple?: []; params?: {} }
    'media.show': { paramsTuple: [ParamValue,ParamValue]; params: {'productId': ParamValue,'file': ParamValue} }
  }
  HEAD: {
    'health.show': { paramsTuple?: []; params?: {} }
    'health.ready': { paramsTuple?: []; params?: {} }
    'api_docs.document': { paramsTuple?: []; params?: {} }
    'api_docs.page': { paramsTuple?: []; params?: {} }
    'api_docs.asset': { paramsTuple: [ParamValue]; params: {'file': ParamValue} }
    'policies.index': { paramsTuple?: []; params?: {} }
    'policies.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'policies.current': { paramsTuple: [ParamValue]; params: {'type': ParamValue} }
    'policy_consents.index': { paramsTuple?: []; params?: {} }
    'policy_consents.show': { paramsTuple: [ParamValue]; params: {'policyType': ParamValue} }
    'cart.show': { paramsTuple?: []; params?: {} }
    'admin_coupons.index': { paramsTuple?: []; params?: {} }
    'coupons.show': { paramsTuple: [ParamValue]; params: {'code': ParamValue} }
    'shipping_addresses.index': { paramsTuple?: []; params?: {} }
    'shipping_methods.index': { paramsTuple?: []; params?: {} }
    'admin_shipping_methods.index': { paramsTuple?: []; params?: {} }
    'admin_tax_rates.index': { paramsTuple?: []; params?: {} }
    'orders.index': { paramsTuple?: []; params?: {} }
    'orders.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'returns.index': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_orders.index': { paramsTuple?: []; params?: {} }
    'seller_orders.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_orders.list_refunds': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_returns.index': { paramsTuple?: []; params?: {} }
    'seller_returns.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_orders.index': { paramsTuple?: []; params?: {} }
    'admin_orders.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_orders.list_refunds': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_returns.index': { paramsTuple?: []; params?: {} }
    'admin_returns.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'payments.show': { paramsTuple: [ParamValue]; params: {'checkoutId': ParamValue} }
    'admin_payments.index': { paramsTuple?: []; params?: {} }
    'seller_ledger.balance': { paramsTuple?: []; params?: {} }
    'seller_ledger.index': { paramsTuple?: []; params?: {} }
    'seller_payouts.index': { paramsTuple?: []; params?: {} }
    'admin_ledger.commission': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_ledger.balance': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_ledger.index': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_payouts.index': { paramsTuple?: []; params?: {} }
    'activity.index': { paramsTuple?: []; params?: {} }
    'admin_webhooks.index': { paramsTuple?: []; params?: {} }
    'admin_webhooks.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_webhooks.deliveries': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_api_keys.index': { paramsTuple?: []; params?: {} }
    'privacy.export': { paramsTuple?: []; params?: {} }
    'console.login': { paramsTuple?: []; params?: {} }
    'console.login.verify': { paramsTuple?: []; params?: {} }
    'console.assets.webauthn': { paramsTuple?: []; params?: {} }
    'console.dashboard': { paramsTuple?: []; params?: {} }
    'console.search.index': { paramsTuple?: []; params?: {} }
    'console.users.index': { paramsTuple?: []; params?: {} }
    'console.users.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.confirm_deactivate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.export': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.confirm_erase': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.policies.index': { paramsTuple?: []; params?: {} }
    'console.policies.create': { paramsTuple?: []; params?: {} }
    'console.policies.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.policies.confirm_deactivate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.policies.export_consents': { paramsTuple?: []; params?: {} }
    'console.coupons.index': { paramsTuple?: []; params?: {} }
    'console.coupons.create': { paramsTuple?: []; params?: {} }
    'console.coupons.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.coupons.confirm_destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.index': { paramsTuple?: []; params?: {} }
    'console.shops.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.confirm_suspend': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.ledger': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.payouts.export': { paramsTuple?: []; params?: {} }
    'console.payouts.confirm_run': { paramsTuple?: []; params?: {} }
    'console.payouts.index': { paramsTuple?: []; params?: {} }
    'console.orders.index': { paramsTuple?: []; params?: {} }
    'console.orders.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.orders.export': { paramsTuple?: []; params?: {} }
    'console.orders.confirm_cancel': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.orders.confirm_refund': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.payments.index': { paramsTuple?: []; params?: {} }
    'console.returns.index': { paramsTuple?: []; params?: {} }
    'console.returns.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.activity.index': { paramsTuple?: []; params?: {} }
    'console.categories.index': { paramsTuple?: []; params?: {} }
    'console.categories.create': { paramsTuple?: []; params?: {} }
    'console.categories.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.categories.confirm_destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.tax_rates.index': { paramsTuple?: []; params?: {} }
    'console.tax_rates.create': { paramsTuple?: []; params?: {} }
    'console.tax_rates.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.tax_rates.confirm_destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shipping_methods.index': { paramsTuple?: []; params?: {} }
    'console.shipping_methods.create': { paramsTuple?: []; params?: {} }
    'console.shipping_methods.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.index': { paramsTuple?: []; params?: {} }
    'console.products.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.confirm_take_down': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.variants.confirm_destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'variantId': ParamValue} }
    'console.products.images.confirm_destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'imageId': ParamValue} }
    'console.webhooks.index': { paramsTuple?: []; params?: {} }
    'console.webhooks.create': { paramsTuple?: []; params?: {} }
    'console.webhooks.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.api_keys.index': { paramsTuple?: []; params?: {} }
    'console.security.show': { paramsTuple?: []; params?: {} }
    'console.security.totp.create': { paramsTuple?: []; params?: {} }
    'console.security.totp.confirm_destroy': { paramsTuple?: []; params?: {} }
    'console.security.recovery_codes.show': { paramsTuple?: []; params?: {} }
    'console.security.passkeys.confirm_destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'auth.verify_otp': { paramsTuple?: []; params?: {} }
    'auth.me': { paramsTuple?: []; params?: {} }
    'auth.forget_password': { paramsTuple?: []; params?: {} }
    'auth.reset_password': { paramsTuple?: []; params?: {} }
    'products.index': { paramsTuple?: []; params?: {} }
    'products.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'categories.index': { paramsTuple?: []; params?: {} }
    'shops.index': { paramsTuple?: []; params?: {} }
    'shops.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_shops.index': { paramsTuple?: []; params?: {} }
    'seller_products.index': { paramsTuple?: []; params?: {} }
    'seller_products.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_shops.index': { paramsTuple?: []; params?: {} }
    'admin_categories.index': { paramsTuple?: []; params?: {} }
    'media.show': { paramsTuple: [ParamValue,ParamValue]; params: {'productId': ParamValue,'file': ParamValue} }
  }
  POST: {
    'policies.store': { paramsTuple?: []; params?: {} }
    'policies.deactivate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'policy_consents.store': { paramsTuple?: []; params?: {} }
    'cart.add': { paramsTuple?: []; params?: {} }
    'admin_coupons.store': { paramsTuple?: []; params?: {} }
    'shipping_addresses.store': { paramsTuple?: []; params?: {} }
    'checkout.summary': { paramsTuple?: []; params?: {} }
    'checkout.place_order': { paramsTuple?: []; params?: {} }
    'admin_shipping_methods.store': { paramsTuple?: []; params?: {} }
    'admin_tax_rates.store': { paramsTuple?: []; params?: {} }
    'orders.cancel': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'returns.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_orders.create_refund': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_returns.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_returns.reject': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_returns.receive': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_orders.create_refund': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_returns.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_returns.reject': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_returns.receive': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'payments.retry': { paramsTuple: [ParamValue]; params: {'checkoutId': ParamValue} }
    'payments.webhook': { paramsTuple?: []; params?: {} }
    'admin_ledger.adjust': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_payouts.run': { paramsTuple?: []; params?: {} }
    'admin_payouts.paid': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_payouts.failed': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_webhooks.store': { paramsTuple?: []; params?: {} }
    'admin_webhooks.rotate_secret': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_webhooks.redeliver': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_api_keys.store': { paramsTuple?: []; params?: {} }
    'console.login.store': { paramsTuple?: []; params?: {} }
    'console.login.verify.store': { paramsTuple?: []; params?: {} }
    'console.login.passkey.options': { paramsTuple?: []; params?: {} }
    'console.login.passkey': { paramsTuple?: []; params?: {} }
    'console.logout': { paramsTuple?: []; params?: {} }
    'console.users.activate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.deactivate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.type': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.users.erase': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.policies.store': { paramsTuple?: []; params?: {} }
    'console.policies.deactivate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.coupons.store': { paramsTuple?: []; params?: {} }
    'console.shops.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.suspend': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.commission': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.adjust': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shops.stripe_account': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.payouts.run': { paramsTuple?: []; params?: {} }
    'console.payouts.paid': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.payouts.failed': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.orders.refund': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.returns.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.returns.reject': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.returns.receive': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.orders.status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.orders.payment_status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.categories.store': { paramsTuple?: []; params?: {} }
    'console.tax_rates.store': { paramsTuple?: []; params?: {} }
    'console.shipping_methods.store': { paramsTuple?: []; params?: {} }
    'console.shipping_methods.activate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shipping_methods.deactivate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.take_down': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.restore': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.variants.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.images.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.webhooks.store': { paramsTuple?: []; params?: {} }
    'console.webhooks.enable': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.webhooks.disable': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.webhooks.rotate_secret': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.webhooks.redeliver': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.api_keys.store': { paramsTuple?: []; params?: {} }
    'console.api_keys.revoke': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.security.totp.store': { paramsTuple?: []; params?: {} }
    'console.security.recovery_codes.store': { paramsTuple?: []; params?: {} }
    'console.security.passkeys.options': { paramsTuple?: []; params?: {} }
    'console.security.passkeys.store': { paramsTuple?: []; params?: {} }
    'auth.register': { paramsTuple?: []; params?: {} }
    'auth.verify_otp_body': { paramsTuple?: []; params?: {} }
    'auth.login': { paramsTuple?: []; params?: {} }
    'auth.refresh': { paramsTuple?: []; params?: {} }
    'auth.logout': { paramsTuple?: []; params?: {} }
    'auth.forget_password_body': { paramsTuple?: []; params?: {} }
    'auth.reset_password_body': { paramsTuple?: []; params?: {} }
    'seller_shops.store': { paramsTuple?: []; params?: {} }
    'seller_products.store': { paramsTuple?: []; params?: {} }
    'seller_product_images.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_product_variants.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_categories.store': { paramsTuple?: []; params?: {} }
  }
  PUT: {
    'policies.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'cart.update': { paramsTuple: [ParamValue]; params: {'variantId': ParamValue} }
    'admin_coupons.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'shipping_addresses.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_shipping_methods.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_tax_rates.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_orders.update_status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_orders.update_payment_status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_orders.update_status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_orders.update_payment_status': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_ledger.set_commission': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_payouts.set_stripe_account': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_webhooks.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.policies.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.coupons.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.categories.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.tax_rates.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shipping_methods.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.variants.update': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'variantId': ParamValue} }
    'console.products.images.reorder': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.security.passkeys.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'auth.change_password': { paramsTuple?: []; params?: {} }
    'user_administration.change_user_type': { paramsTuple: [ParamValue]; params: {'userId': ParamValue} }
    'user_administration.deactivate': { paramsTuple: [ParamValue]; params: {'userId': ParamValue} }
    'user_administration.activate': { paramsTuple: [ParamValue]; params: {'userId': ParamValue} }
    'seller_shops.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_products.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_product_images.reorder': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_product_variants.update': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'variantId': ParamValue} }
    'admin_shops.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_shops.suspend': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_categories.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
  }
  DELETE: {
    'cart.clear': { paramsTuple?: []; params?: {} }
    'cart.remove': { paramsTuple: [ParamValue]; params: {'variantId': ParamValue} }
    'admin_coupons.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'shipping_addresses.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_shipping_methods.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_tax_rates.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_webhooks.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin_api_keys.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'privacy.erase': { paramsTuple?: []; params?: {} }
    'console.coupons.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.categories.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.tax_rates.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.variants.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'variantId': ParamValue} }
    'console.products.images.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'imageId': ParamValue} }
    'console.security.totp.destroy': { paramsTuple?: []; params?: {} }
    'console.security.passkeys.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_products.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'seller_product_images.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'imageId': ParamValue} }
    'seller_product_variants.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'variantId': ParamValue} }
    'admin_categories.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
  }
  PATCH: {
    'console.policies.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.coupons.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.categories.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.tax_rates.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.shipping_methods.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'console.products.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
  }
}
declare module '@adonisjs/core/types/http' {
  export interface RoutesList extends ScannedRoutes {}
}