/** The small version of a stored photo ('/media/{id}' or a share page's), resized by the server. */
export function thumbnailUrl(src: string) {
  return `${src}${src.includes("?") ? "&" : "?"}size=thumb`;
}

/** A goal's proof photos as small thumbnails (served resized) that open the full photo. */
export function ProofThumbnails({ photos, goal }: { photos: string[]; goal: string }) {
  if (!photos.length) return null;
  return (
    <span className="flex w-full flex-wrap gap-2">
      {photos.map((src, i) => (
        <a
          key={src}
          href={src}
          className="block rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          <img
            src={thumbnailUrl(src)}
            alt={`Proof photo ${i + 1} for ${goal}`}
            width={80}
            height={80}
            loading="lazy"
            decoding="async"
            className="h-20 w-20 rounded bg-muted object-cover"
          />
        </a>
      ))}
    </span>
  );
}
