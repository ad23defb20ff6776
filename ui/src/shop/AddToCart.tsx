import { createContext, useContext, type ReactNode } from "react";
import { useAddToCart, type AddToCartRequest } from "./useAddToCart";
import { DifferentShopDialog } from "./DifferentShopDialog";

interface CartAdder {
  add(request: AddToCartRequest): Promise<void>;
  pending: boolean;
}

const AdderContext = createContext<CartAdder | null>(null);

/** One add-to-cart flow (and its different-shop dialog) for every card below it. */
export function AddToCartProvider({ children }: { children: ReactNode }) {
  const cart = useAddToCart();
  return (
    <AdderContext.Provider value={{ add: cart.add, pending: cart.pending }}>
      {children}
      <DifferentShopDialog message={cart.prompt} onConfirm={() => void cart.confirm()} onCancel={() => void cart.dismiss()} />
    </AdderContext.Provider>
  );
}

/** The nearest add-to-cart flow, or null where cards show no cart button. */
export function useCartAdder(): CartAdder | null {
  return useContext(AdderContext);
}
