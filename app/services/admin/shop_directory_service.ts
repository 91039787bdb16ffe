import type Shop from '#models/shop'
import User from '#models/user'
import type { ShopStatus } from '#enums/shop_status'
import { ShopService } from '#services/catalog/shop_service'
import type { PageRequest } from '#support/paging'

/** A shop and the e-mail of the seller who runs it. */
export interface ShopRow {
  shop: Shop
  sellerEmail: string | null
}

/** The console's shop list: `ShopService.listAll` with each seller's e-mail beside its shop. */
export class ShopDirectoryService {
  /** A page of shops, optionally of one status, newest first. */
  async list(
    filter: { status?: ShopStatus },
    page: PageRequest
  ): Promise<{ rows: ShopRow[]; total: number }> {
    const { items, total } = await new ShopService().listAll(filter, page)
    const sellerIds = [...new Set(items.map((shop) => shop.sellerId))]
    const sellers = sellerIds.length
      ? await User.query().whereIn('id', sellerIds).select('id', 'email')
      : []
    const emails = new Map(sellers.map((seller) => [seller.id, seller.email]))
    return {
      rows: items.map((shop) => ({ shop, sellerEmail: emails.get(shop.sellerId) ?? null })),
      total,
    }
  }
}
