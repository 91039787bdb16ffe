import { inject } from '@adonisjs/core'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { SuperAdminService } from '#services/accounts/super_admin_service'

/** Creates a verified, active Super Admin. */
export default class AdminCreate extends BaseCommand {
  static commandName = 'admin:create'
  static description = 'Create a verified, active Super Admin account'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'E-mail address of the new Super Admin' })
  declare email: string

  @flags.string({ description: 'Password (8 to 128 characters, not a common one)' })
  declare password: string

  @inject()
  async run(superAdmins: SuperAdminService) {
    const email = this.email ?? (await this.prompt.ask('E-mail address'))
    const password = this.password ?? (await this.prompt.secure('Password'))
    try {
      const user = await superAdmins.create(email, password)
      this.logger.success(`Created Super Admin ${user.email} (${user.id})`)
    } catch (error) {
      this.logger.error((error as Error).message)
      this.exitCode = 1
    }
  }
}
