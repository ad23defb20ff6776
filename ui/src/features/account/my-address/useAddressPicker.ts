import { useEffect, useState, useSyncExternalStore } from "react";
import type { GeoPoint } from "storefront-core";
import { pickerDriver } from "../../../shop/locationPicker";

/**
 * The location picker of the address form: the core's picker flow (choosing a point
 * checks its support; the map search box) in the app's driver, owned by this form, not
 * the global location modal — its confirm (store the district, go home) is never sent
 * here. Lookup failures are only logged (spec 8).
 */
export function useAddressPicker(initial: {
  point: GeoPoint | null;
  districtId: number | null;
  districtName: string | null;
}) {
  const [driver] = useState(() => pickerDriver(() => ({ point: initial.point, districtId: initial.districtId })));
  const picker = useSyncExternalStore(driver.subscribe, driver.snapshot);
  // The district's name: the address's own until a support check answers for a new point.
  const [districtName, setDistrictName] = useState(initial.districtName);

  useEffect(() => {
    let checking = driver.snapshot().loading;
    const unsubscribe = driver.subscribe(() => {
      const view = driver.snapshot();
      if (checking && !view.loading) {
        const name = view.district_id === null ? null : view.district_name;
        setDistrictName(name);
      }
      checking = view.loading;
    });
    return () => {
      unsubscribe();
      // Answers still on their way reach no one.
      driver.reset();
    };
  }, [driver]);

  return { picker, districtName, dispatch: driver.dispatch };
}
