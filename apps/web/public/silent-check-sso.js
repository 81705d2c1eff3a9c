// keycloak-js silent check-sso: hand the provider's answer (in the fragment or query) to the portal page.
parent.postMessage(location.href, location.origin);
