import { useEffect, useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocation } from "wouter";
import { checkChoice } from "storefront-core";
import { api, unwrap } from "../../../api/client";
import { runEffects } from "../../../platform/effects";
import { useAppStore } from "../../../platform/store";
import type { ScreenProps } from "../../../layouts/screen";
import { AccountLayout } from "../AccountLayout";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { toastError, toastServer } from "../errors";
import { useAddresses, type Address } from "../queries";
import { EmptyState, LoadError } from "../../../ui/States";
import { RowsSkeleton } from "../../../ui/Skeletons";
import { AddressForm } from "./AddressForm";
import { areaLine, deliverToAddressEffects, sameSitePath } from "./addressForm";
import styles from "../Account.module.css";
import { Button } from "../../../ui/Button";

type Mode = { kind: "list" } | { kind: "add" } | { kind: "edit"; address: Address };

/**
 * /account/my-address (spec 2, 3, 5): the address book — the default first — with add
 * (map picker and geocoded fields), edit, set default, delete (never the default:
 * 'You cannot delete your default address. …') and "deliver here", which makes an
 * address the delivery location. 'no address available' when there is none.
 * `?new=1` opens the add form; after saving, `returnTo` (a path of this site) is
 * where the customer goes next (checkout links here that way).
 */
export default function MyAddressPage({ query }: ScreenProps) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const addresses = useAddresses();
  const selectedId = useAppStore((s) => s.client.address_id);
  const hasDistrict = useAppStore((s) => s.client.district_id !== null);
  const returnTo = sameSitePath(query.get("returnTo"));
  const [mode, setMode] = useState<Mode>(() => (query.get("new") === "1" ? { kind: "add" } : { kind: "list" }));
  const [deleting, setDeleting] = useState<Address | null>(null);
  // Where focus goes back when the form closes: the edit button of that address, else "add".
  const returnFocus = useRef<number | "add" | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  const closeForm = (focus: number | "add") => {
    returnFocus.current = focus;
    setMode({ kind: "list" });
  };
  useEffect(() => {
    const target = returnFocus.current;
    if (mode.kind !== "list" || target === null || addresses.isPending) return;
    const edit = target === "add" ? undefined : editButtons.current.get(target);
    // A new address shows once the list is fetched again.
    if (!edit && target !== "add" && addresses.isFetching) return;
    returnFocus.current = null;
    (edit ?? addButton.current)?.focus();
  }, [mode, addresses.isPending, addresses.isFetching, addresses.data]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ["addresses"] });
    void queryClient.invalidateQueries({ queryKey: ["profile"] });
  };

  const deliverHere = (address: Address, go: string | null) => {
    runEffects(deliverToAddressEffects(address));
    if (go) navigate(go);
  };

  const setDefault = useMutation({
    mutationFn: async (address: Address) => unwrap(api.POST("/addresses/{id}/default", { params: { path: { id: address.id } } })),
    onSuccess: (body) => {
      toastServer(body.message);
      refresh();
    },
    onError: toastError,
  });

  const remove = useMutation({
    mutationFn: async (address: Address) => unwrap(api.DELETE("/addresses/{id}", { params: { path: { id: address.id } } })),
    onSuccess: (body, address) => {
      setDeleting(null);
      toastServer(body.message);
      // The delivery location must not point at a deleted address.
      if (useAppStore.getState().client.address_id === address.id) {
        runEffects([{ type: "remove", keys: ["address_id", "selectedAddress"] }]);
      }
      refresh();
    },
    onError: (error) => {
      setDeleting(null);
      toastError(error);
    },
  });

  const askDelete = (address: Address) => {
    // The core's rule first: the default address cannot go (spec 5).
    const refused = checkChoice({ choice: "address_deletion", is_default: address.is_default });
    if (refused) {
      useAppStore.getState().pushToast("error", { kind: "message", ...refused });
      return;
    }
    setDeleting(address);
  };

  const saved = (address: Address) => {
    refresh();
    const firstOrCurrent = !hasDistrict || selectedId === address.id;
    if (firstOrCurrent) deliverHere(address, null);
    closeForm(address.id);
    if (returnTo) navigate(returnTo);
  };

  if (mode.kind !== "list") {
    return (
      <AccountLayout title={<FormattedMessage id="chrome.account.myAddress" />} testId="my-address-page">
        <AddressForm
          key={mode.kind === "edit" ? mode.address.id : "new"}
          address={mode.kind === "edit" ? mode.address : undefined}
          onSaved={saved}
          onCancel={() =>
            returnTo && mode.kind === "add" ? navigate(returnTo) : closeForm(mode.kind === "edit" ? mode.address.id : "add")
          }
        />
      </AccountLayout>
    );
  }

  return (
    <AccountLayout title={<FormattedMessage id="chrome.account.myAddress" />} testId="my-address-page">
      <div className={styles.actions}>
        <Button
          ref={addButton}
          variant="primary"
          onClick={() => setMode({ kind: "add" })}
          data-testid="add-address"
        >
          <FormattedMessage id="account.address.addNew" />
        </Button>
      </div>
      {addresses.isPending ? (
        <RowsSkeleton />
      ) : addresses.isError ? (
        <LoadError look="panel" error={addresses.error} onRetry={() => void addresses.refetch()} />
      ) : addresses.data.length === 0 ? (
        <EmptyState look="panel" message={{ id: "no_addresses", params: {} }} />
      ) : (
        <ul className={styles.list} data-testid="address-list">
          {addresses.data.map((address) => {
            const selected = selectedId === address.id;
            return (
              <li key={address.id} className={styles.card} data-testid="address-card" data-default={address.is_default}>
                <div className={styles.cardHead}>
                  <h2 className={styles.cardTitle}>{address.name}</h2>
                  <span className={styles.actions}>
                    <span className={styles.badge}>
                      <FormattedMessage id={`account.address.type.${address.type}`} />
                    </span>
                    {address.is_default ? (
                      <span className={`${styles.badge} ${styles.badgeBrand}`} data-testid="default-badge">
                        <FormattedMessage id="account.address.default" />
                      </span>
                    ) : null}
                    {selected ? (
                      <span className={`${styles.badge} ${styles.badgeBrand}`}>
                        <FormattedMessage id="account.address.delivering" />
                      </span>
                    ) : null}
                  </span>
                </div>
                <p className={styles.muted}>
                  {address.contact_name} · <bdi dir="ltr">{address.phone}</bdi>
                  <br />
                  {address.address_details}
                  {[address.building_number && intl.formatMessage({ id: "account.address.buildingShort" }, { value: address.building_number }),
                    address.floor && intl.formatMessage({ id: "account.address.floorShort" }, { value: address.floor }),
                    address.apartment_number && intl.formatMessage({ id: "account.address.apartmentShort" }, { value: address.apartment_number })]
                    .filter(Boolean)
                    .map((part) => `, ${part}`)
                    .join("")}
                  <br />
                  {areaLine([address.district.name, address.city, address.region, address.country, address.postal_code])}
                </p>
                <div className={styles.actions}>
                  {!selected ? (
                    <Button variant="secondary" onClick={() => deliverHere(address, returnTo ?? "/home")} data-testid="deliver-here">
                      <FormattedMessage id="account.address.deliverHere" />
                    </Button>
                  ) : null}
                  {!address.is_default ? (
                    <Button
                      variant="neutral"
                      disabled={setDefault.isPending}
                      onClick={() => setDefault.mutate(address)}
                      data-testid="set-default"
                    >
                      <FormattedMessage id="account.address.setDefault" />
                    </Button>
                  ) : null}
                  <Button
                    ref={(button) => {
                      if (button) editButtons.current.set(address.id, button);
                      else editButtons.current.delete(address.id);
                    }}
                    variant="neutral"
                    onClick={() => setMode({ kind: "edit", address })}
                    aria-label={intl.formatMessage({ id: "account.address.editNamed" }, { name: address.name })}
                    data-testid="edit-address"
                  >
                    <FormattedMessage id="account.address.edit" />
                  </Button>
                  <Button
                    variant="danger"
                    onClick={() => askDelete(address)}
                    aria-label={intl.formatMessage({ id: "account.address.deleteNamed" }, { name: address.name })}
                    data-testid="delete-address"
                  >
                    <FormattedMessage id="account.address.delete" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={<FormattedMessage id="account.address.deleteTitle" values={{ name: deleting?.name ?? "" }} />}
        body={<FormattedMessage id="account.address.deleteBody" />}
        confirmLabel={<FormattedMessage id="account.address.delete" />}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
        testId="delete-dialog"
      />
    </AccountLayout>
  );
}
