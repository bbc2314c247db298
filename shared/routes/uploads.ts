import { imageUpload, imageUploadRequest } from '../schemas/upload.js';
import { answer, route } from './define.js';

export const uploadRoutes = {
  image: route({
    method: 'POST',
    path: '/upload/image',
    access: ['CategoryEdit', 'ProductEdit', 'PolicyEdit'],
    summary:
      'Checks an image the user chose (type, at most 2 MB) and answers a presigned PUT URL; the key goes in `image` of the save',
    body: imageUploadRequest,
    response: answer<typeof imageUpload>(),
  }),
} as const;
