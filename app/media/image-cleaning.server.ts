import sharp from "sharp";

/**
 * The image as we keep it: rotated upright and re-encoded without metadata, so EXIF (and the GPS
 * location a phone camera writes) never leaves with it; null when the bytes are no image.
 */
export async function cleanImage(bytes: Buffer | Uint8Array): Promise<Buffer | null> {
  try {
    const image = sharp(bytes, { limitInputPixels: 50_000_000, animated: true });
    const { format } = await image.metadata();
    if (!format) return null;
    // sharp writes no metadata unless asked (withMetadata), so EXIF and GPS are dropped here.
    return await image.rotate().toBuffer();
  } catch {
    return null;
  }
}
