import type { Config } from "../../config";
import { DiskStorage } from "./disk";
import { S3Storage } from "./s3";
import type { StorageProvider } from "./types";

export {
  assertKey,
  type ByteRange,
  IncompleteBodyError,
  type ObjectInfo,
  StorageNotFoundError,
  type StorageProvider,
} from "./types";

/** The storage STORAGE names (types.ts has the contract every provider keeps). */
export function createStorage(config: Config): StorageProvider {
  if (config.STORAGE === "s3") {
    if (!config.S3_BUCKET || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) {
      throw new Error("STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
    }
    return new S3Storage({
      endpoint: config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      sessionToken: config.S3_SESSION_TOKEN,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new DiskStorage(config.MEDIA_DIR);
}
