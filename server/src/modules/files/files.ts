/**
 * Images uploaded in the console (collect and contact QR codes): PNG or JPEG up to 1 MB, recognised
 * by their first bytes rather than by what the client claims, stored in the database so every API
 * replica serves them, and answered with a path the app can show.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { uploadedFiles } from './tables.ts';
import { AppError, badRequest } from '../../http/errors.ts';

export const MAX_IMAGE_BYTES = 1024 * 1024;

const SIGNATURES: Array<{ type: string; head: number[] }> = [
  { type: 'image/png', head: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', head: [0xff, 0xd8, 0xff] },
];

/** The image type of `bytes` (PNG or JPEG), or null. */
export function imageTypeOf(bytes: Buffer): string | null {
  return SIGNATURES.find((s) => bytes.length > s.head.length && s.head.every((b, i) => bytes[i] === b))?.type ?? null;
}

export const filePath = (id: number) => `/api/files/${id}`;

/** Stores an uploaded image; 415 when it is not PNG/JPEG (or says it is another type), 413 over 1 MB. */
export async function saveImage(
  tx: Executor,
  declaredType: string | undefined,
  bytes: Buffer,
): Promise<{ id: number; url: string; contentType: string; size: number }> {
  if (bytes.length === 0) throw badRequest('请选择要上传的图片');
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError(413, '图片不能超过 1 MB');
  const type = imageTypeOf(bytes);
  const declared = declaredType?.split(';')[0]?.trim().toLowerCase();
  if (!type || (declared !== type && !(declared === 'image/jpg' && type === 'image/jpeg'))) {
    throw new AppError(415, '只能上传 PNG 或 JPEG 图片');
  }
  const [row] = await tx.insert(uploadedFiles).values({ contentType: type, content: bytes }).returning({ id: uploadedFiles.id });
  return { id: row!.id, url: filePath(row!.id), contentType: type, size: bytes.length };
}

export async function readFile(db: Executor, id: number): Promise<{ contentType: string; content: Buffer } | null> {
  const [row] = await db
    .select({ contentType: uploadedFiles.contentType, content: uploadedFiles.content })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.id, id));
  return row ?? null;
}
