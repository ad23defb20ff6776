import { catalogue } from "./catalogue";

/** Strings of the app shell itself. */
export default catalogue(
  {
    "app.loading": "Loading…",
    "app.reload": "Reload",
    "app.skipToContent": "Skip to content",
    "app.notFound.title": "Page not found",
    "app.notFound.body": "The page you are looking for does not exist or has moved.",
    "app.notFound.home": "Back to the store",
    "app.close": "Close",
  },
  {
    "app.loading": "جارٍ التحميل…",
    "app.reload": "إعادة التحميل",
    "app.skipToContent": "انتقل إلى المحتوى",
    "app.notFound.title": "الصفحة غير موجودة",
    "app.notFound.body": "الصفحة التي تبحث عنها غير موجودة أو تم نقلها.",
    "app.notFound.home": "العودة إلى المتجر",
    "app.close": "إغلاق",
  },
);
