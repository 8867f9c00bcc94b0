import { Image, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { token } from '../api';

/** An uploaded proof: fetched with the operator's token (uploads are private) and shown from a blob URL. */
export function ProofImage({ src, width = 120 }: { src: string; width?: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    fetch(src, { headers: { authorization: token.get() ?? '' } })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {});
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  return url ? (
    <Image src={url} width={width} />
  ) : (
    <Skeleton.Image active style={{ width, height: width * 0.75 }} />
  );
}
