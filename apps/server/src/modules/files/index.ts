// The files module's public entry (docs/architecture.md "Boundaries"): uploads other modules keep.
export { deleteFileByUrl, fileUrl, storeFile } from './files.service';
