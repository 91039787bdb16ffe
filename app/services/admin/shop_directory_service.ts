import { inject } from '@adonisjs/core'
import type Shop from '#models/shop'
import type { ShopStatus } from '#enums/shop_status'
import { ShopService } from '#services/catalog/shop_service'
import type { PageRequest } from '#support/paging'

/** A shop and the e-mail of the seller who runs it. */
export interface ShopRow {
  shop: Shop
  sellerEmail: string | null
}

/** The console's shop list: `ShopService.listAll` with each seller's e-mail beside its shop. */
@inject()
export class ShopDirectoryService {
  constructor(protected shops: ShopService) {}

  /** A page of shops, optionally of one status, newest first. */
  async list(
    filter: { status?: ShopStatus },
    page: PageRequest
  ): Promise<{ rows: ShopRow[]; total: number }> {
    const { items, total } = await this.shops.listAll(filter, page, { withSeller: true })
    return {
      rows: items.map((shop) => ({ shop, sellerEmail: shop.seller?.email ?? null })),
      total,
    }
  }
}
