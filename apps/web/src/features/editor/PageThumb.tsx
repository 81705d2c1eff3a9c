import { Classes, Icon, Spinner } from '@blueprintjs/core';
import type { PageRef } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import type { PageFiles } from './PageFiles';
import { thumbnail } from './thumbnail-cache';
import { useNearViewport } from '../../components/pdf/hooks';

export interface PageThumbProps {
  files: PageFiles;
  page: PageRef;
  /** Longer side in CSS pixels. */
  size: number;
  label: string;
}

/** One page as a small image, rendered when it scrolls near, turned by the editor's rotation. */
export function PageThumb({ files, page, size, label }: PageThumbProps) {
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearViewport(frame);
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!near) return undefined;
    let live = true;
    setFailed(false);
    files
      .get(page.file)
      .then((pdf) => thumbnail(page.file, pdf, page.page, size))
      .then(
        (u) => live && setUrl(u),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [near, files, page.file, page.page, size]);

  return (
    <div ref={frame} className="portal-thumb-frame" style={{ width: size, height: size }} data-rendered={url !== null}>
      {url ? (
        <img src={url} alt={label} className="portal-thumb-image" style={{ transform: `rotate(${page.rotation}deg)` }} draggable={false} />
      ) : failed ? (
        <Icon icon="error" intent="danger" title={label} />
      ) : (
        <Spinner size={20} className={Classes.TEXT_MUTED} aria-label={label} />
      )}
    </div>
  );
}
