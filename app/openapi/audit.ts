import { pageOf, ref, type AreaPaths, type JsonSchema } from '#openapi/builders'
import { activityListValidator } from '#validators/admin_action'

/** The audit trail of administrative changes. */
export const auditPaths: AreaPaths = {
  '/api/v1/admin/activity': {
    get: {
      tags: ['Admin: activity'],
      auth: 'bearer',
      roles: ['SUPER_ADMIN'],
      style: 'problem',
      operationId: 'listActivity',
      summary: 'The audit trail of administrative changes',
      description:
        'One entry per administrative change (account activation, deactivation and type ' +
        'change; policy, coupon, shop, tax rate and shipping method changes; product takedowns; ' +
        'order status and payment changes made by an administrator), written in the ' +
        'transaction of the change, from the API and the console alike: a refused change or a ' +
        'repeat that changes nothing writes none. `changes` holds `before` and `after` of the ' +
        'fields that changed (`before` is null for a creation; instants in it are ISO 8601 UTC ' +
        'text). `actorEmail` is null once the acting account is gone. Filters: `actorId`, ' +
        '`action`, `targetType`, `targetId`, and `from`/`to` as in the admin order list (a date ' +
        'covers its whole UTC day; `to` may not be before `from`). Newest first. Super Admins ' +
        'only: the trail records what Admins did.',
      query: activityListValidator.toJSONSchema() as JsonSchema,
      responses: {
        200: { description: 'A page of entries, newest first', schema: pageOf(ref('AdminAction')) },
      },
    },
  },
}
