/** A goal's proof photos as small thumbnails (served resized) that open the full photo. */
export function ProofThumbnails({ photos, goal }: { photos: string[]; goal: string }) {
  if (!photos.length) return null;
  return (
    <span className="flex w-full gap-2">
      {photos.map((src, i) => (
        <a key={src} href={src}>
          <img
            src={`${src}?size=thumb`}
            alt={`Proof photo ${i + 1} for ${goal}`}
            className="h-20 w-20 rounded object-cover"
            loading="lazy"
          />
        </a>
      ))}
    </span>
  );
}
