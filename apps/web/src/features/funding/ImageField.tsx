import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useState } from 'react';
import { uploadImage } from '../../api/funding';

interface ImageFieldProps {
  /** Called with the uploaded picture's url, or '' once it is removed or its upload failed. */
  onChange(url: string): void;
  /** Called with true when an upload starts and false when it ends: a form waits for it before sending. */
  onUploading(uploading: boolean): void;
}

/** One picture (SPEC.md §9: max 1). A failed upload clears it; the preview is the chosen local file, since uploads are served only with a token. */
export function ImageField({ onChange, onUploading }: ImageFieldProps) {
  const [items, setItems] = useState<ImageUploadItem[]>([]);
  return (
    <ImageUploader
      value={items}
      maxCount={1}
      showFailed={false}
      accept="image/jpeg,image/png,image/webp"
      upload={async (file) => {
        onUploading(true);
        try {
          const { url } = await uploadImage(file);
          return { url, thumbnailUrl: URL.createObjectURL(file) };
        } finally {
          onUploading(false);
        }
      }}
      onChange={(next) => {
        setItems(next);
        onChange(next[0]?.url ?? '');
      }}
    />
  );
}
