/** Uploaded featured images are served from here; any other image must be an http(s) URL. */
export const BLOG_IMAGE_PATH = /^\/blog-images\/[A-Za-z0-9_-]{16,64}$/;
