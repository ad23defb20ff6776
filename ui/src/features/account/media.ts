import { adminBaseUrl, api, unwrap } from "../../api/client";

/**
 * `POST /upload-file/upload` (spec 7: on the admin API, which is the product API
 * unless static-host says otherwise): multipart with `file`; resolves to
 * `response.data.path`, the value the profile's `image` then refers to.
 */
export async function uploadImage(file: File): Promise<string> {
  const body = await unwrap(
    api.POST("/upload-file/upload", {
      baseUrl: adminBaseUrl(),
      // The generated type names the part; the real body is the FormData below.
      body: { file: "" },
      bodySerializer: () => {
        const form = new FormData();
        form.append("file", file);
        return form;
      },
    }),
  );
  return body.data.path;
}
