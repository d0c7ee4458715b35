// A listing's page. /listings/{id} and /property/{id} are the same screen (canonical: /listings/{id}).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { propertyAction, propertyLoader } from "~/utils/property-page.server";
import { PropertyScreen, propertyHandle, propertyMeta } from "~/components/listings/property-screen";

export const handle = propertyHandle;
export const meta = propertyMeta;

export async function loader(args: LoaderFunctionArgs) {
  return propertyLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return propertyAction(args);
}

export default PropertyScreen;
