import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'

/**
 * Where product images are kept (docs/api/catalog.md, "Images"): the local disk by default,
 * served by the service itself under `/media/`, or an S3-compatible bucket (AWS S3, MinIO, R2,
 * Spaces) whose own URLs are answered. Keys are made by the service, never from a client's file
 * name.
 */
const driveConfig = defineConfig({
  default: env.get('DRIVE_DISK'),
  services: {
    fs: services.fs({
      location: app.makePath(env.get('DRIVE_LOCATION')),
      // Served by the media route (start/routes/catalog.ts), which sets the cache headers.
      serveFiles: false,
      visibility: 'public',
    }),
    s3: services.s3({
      credentials: {
        accessKeyId: env.get('S3_ACCESS_KEY_ID') ?? '',
        secretAccessKey: env.get('S3_SECRET_ACCESS_KEY') ?? '',
      },
      region: env.get('S3_REGION'),
      bucket: env.get('S3_BUCKET') ?? '',
      endpoint: env.get('S3_ENDPOINT'),
      // MinIO and most S3-compatible stores address buckets by path, not by host name.
      forcePathStyle: env.get('S3_ENDPOINT') !== undefined,
      cdnUrl: env.get('S3_PUBLIC_URL'),
      visibility: 'public',
      supportsACL: false,
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
