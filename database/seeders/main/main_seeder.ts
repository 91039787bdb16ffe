import { BaseSeeder } from '@adonisjs/lucid/seeders'
import { ensureEssentialData } from '#services/system/essential_data'

/** `node ace db:seed`: the same essential rows `npm start` writes. */
export default class MainSeeder extends BaseSeeder {
  async run() {
    await ensureEssentialData()
  }
}
