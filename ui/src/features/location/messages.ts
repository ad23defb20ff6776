import { catalogue } from "../../i18n/catalogue";

/** Strings of the location picker and its map. */
export default catalogue(
  {
    "location.title": "Choose your delivery location",
    "location.intro": "Search for a place or click on the map; we check whether we deliver there.",
    "location.search": "Search for a place",
    "location.searchPlaceholder": "Street, square, landmark…",
    "location.results": "Places found",
    "location.map": "Map of the delivery areas. Click to choose a point.",
    "location.useCentre": "Choose the point at the centre of the map",
    "location.checking": "Checking this location…",
    "location.chosen": "Chosen point: {lat}, {lng}",
  },
  {
    "location.title": "اختر موقع التوصيل",
    "location.intro": "ابحث عن مكان أو انقر على الخريطة، وسنتحقق مما إذا كنا نوصّل إليه.",
    "location.search": "ابحث عن مكان",
    "location.searchPlaceholder": "شارع، ميدان، معلم…",
    "location.results": "الأماكن التي تم العثور عليها",
    "location.map": "خريطة مناطق التوصيل. انقر لاختيار نقطة.",
    "location.useCentre": "اختر النقطة في منتصف الخريطة",
    "location.checking": "جارٍ التحقق من هذا الموقع…",
    "location.chosen": "النقطة المختارة: {lat}، {lng}",
  },
);
