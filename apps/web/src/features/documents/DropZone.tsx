import { Classes, Icon, NonIdealState } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DropZoneProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  children: ReactNode;
  /** Overlay texts; the documents' upload texts by default. */
  title?: string;
  description?: string;
}

function hasFiles(e: DragEvent): boolean {
  return Array.from(e.dataTransfer?.types ?? []).includes('Files');
}

/** Files dragged anywhere over the screen show an overlay; dropping them uploads them (several at once); `disabled` refuses them. */
export function DropZone({ onFiles, disabled = false, children, title, description }: DropZoneProps) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const handler = useRef(onFiles);
  handler.current = onFiles;

  useEffect(() => {
    if (disabled) {
      // Where nothing may be uploaded (no company, the trash), a dropped file is refused, not opened by the browser.
      setOver(false);
      depth.current = 0;
      const refuse = (e: DragEvent) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        if (e.dataTransfer) e.dataTransfer.dropEffect = 'none';
      };
      window.addEventListener('dragover', refuse);
      window.addEventListener('drop', refuse);
      return () => {
        window.removeEventListener('dragover', refuse);
        window.removeEventListener('drop', refuse);
      };
    }
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth.current++;
      setOver(true);
    };
    const overHandler = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth.current = 0;
      setOver(false);
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (files.length) handler.current(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', overHandler);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', overHandler);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [disabled]);

  return (
    <>
      {children}
      {over ? (
        <div className={['portal-dropzone', Classes.OVERLAY_BACKDROP].join(' ')} data-testid="dropzone">
          <div className="portal-dropzone-inner">
            <NonIdealState
              icon={<Icon icon="cloud-upload" size={48} intent="primary" />}
              title={title ?? t('documents.upload.drop')}
              description={description ?? t('documents.upload.dropHint')}
            />
          </div>
        </div>
      ) : null}
    </>
  );
}
