import type { GalleryImage } from "~/components/product-images";
import { imageSrcSet, imageUrl } from "~/lib/images";

/** The stored images of a piece as the product page's gallery wants them. */
export function toGalleryImages(
  images: { fileName: string; width: number; height: number }[],
  productName: string,
): GalleryImage[] {
  return images.map((image, index) => ({
    src: imageUrl("products", image.fileName, 800, image.width),
    srcSet: imageSrcSet("products", image.fileName, image.width),
    // The largest size there is: the picture at its own width, up to 1920 px.
    zoomSrc: imageUrl("products", image.fileName, 1920, image.width),
    thumbSrc: imageUrl("products", image.fileName, "thumb"),
    width: image.width,
    height: image.height,
    alt: images.length > 1 ? `${productName} — photo ${index + 1} sur ${images.length}` : productName,
  }));
}
