import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "onError"> & {
  src: string;
  /** Shown instead when src fails to load (with JavaScript). */
  fallback: string;
};

/** An image that swaps in a local fallback when it fails to load. */
export function PostImage(props: Props) {
  // A new source starts over (a failed earlier source must not keep the fallback).
  return <FallbackImage key={props.src} {...props} />;
}

function FallbackImage({ src, fallback, alt, ...props }: Props) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  // An image can fail before hydration attaches onError; catch a failure that already happened.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  return (
    <img
      ref={ref}
      src={failed ? fallback : src}
      alt={alt}
      onError={() => setFailed(true)}
      {...props}
    />
  );
}
