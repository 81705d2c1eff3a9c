export { SHA256_HEX } from './blob-store.port';
export type { BlobStore } from './blob-store.port';
export { FolderBlobStore } from './folder/folder-blob-store';
export { GridFsBlobStore } from './gridfs/gridfs-blob-store';
