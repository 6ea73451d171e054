import type { FastifyReply } from "fastify";
import { contentDisposition } from "../media/serve";

/**
 * A verification document (identity image, company document) as staff or its owner read it:
 * decrypted on the fly, never cached, never run as a page of ours.
 */
export function sendPrivateFile(reply: FastifyReply, file: { mime: string; name?: string }, bytes: Buffer) {
  if (file.name) reply.header("content-disposition", contentDisposition("attachment", file.name));
  return reply
    .header("content-type", file.mime)
    .header("cache-control", "no-store")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .send(bytes);
}
