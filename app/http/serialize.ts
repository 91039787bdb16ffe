import app from '@adonisjs/core/services/app'
import { BaseSerializer } from '@adonisjs/core/transformers'

/**
 * Turns transformer output (an `Item` or `Collection`, or a plain object holding them) into the
 * JSON body. Bodies are never wrapped in a `data` key: `/api/v1` answers bare resources and the
 * envelope routes put the result in their own `data` (docs/api/accounts.md).
 */
class ApiSerializer extends BaseSerializer<{ PaginationMetaData: undefined }> {
  wrap = undefined

  definePaginationMetaData() {
    return undefined
  }
}

const serializer = new ApiSerializer()

/** Resolves transformers (with the container, so a transformer may inject) into plain JSON. */
export const serialize = ((data: unknown) =>
  serializer.serializeWithoutWrapping(
    data,
    app.container.createResolver()
  )) as ApiSerializer['serializeWithoutWrapping']
