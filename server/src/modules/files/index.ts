/** The files module: owns uploaded_files (console uploads served to everyone by id). */
export { fileRoutes } from './routes.ts';
export { MAX_IMAGE_BYTES, saveImage } from './files.ts';
