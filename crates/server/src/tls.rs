//! TLS for `wss://`: the server's certificate chain and key (`serve --tls-cert --tls-key`,
//! PEM files), and what a client trusts: Mozilla's root certificates, the system's (which
//! honour `SSL_CERT_FILE` and `SSL_CERT_DIR`), and any certificate it is given. rustls with
//! ring's cryptography, chosen here rather than through a process-wide default.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::{ClientConfig, RootCertStore, ServerConfig};

fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// The certificates in a PEM file (a chain, leaf first; or the certificates to trust).
pub fn certificates(path: &Path) -> Result<Vec<CertificateDer<'static>>, String> {
    let shown = path.display();
    let certs = CertificateDer::pem_file_iter(path)
        .map_err(|e| format!("cannot read the certificate file {shown}: {e}"))?
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("the certificate file {shown} is not valid PEM: {e}"))?;
    if certs.is_empty() {
        return Err(format!("the certificate file {shown} holds no certificate"));
    }
    Ok(certs)
}

/// The server's TLS settings from its certificate chain and private key (PKCS#8, PKCS#1 or
/// SEC1, in PEM).
pub fn server_config(cert: &Path, key: &Path) -> Result<Arc<ServerConfig>, String> {
    let chain = certificates(cert)?;
    let private = PrivateKeyDer::from_pem_file(key)
        .map_err(|e| format!("cannot read a private key from {}: {e}", key.display()))?;
    let config = ServerConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS: {e}"))?
        .with_no_client_auth()
        .with_single_cert(chain, private)
        .map_err(|e| {
            format!(
                "the key {} does not go with the certificate {}: {e}",
                key.display(),
                cert.display()
            )
        })?;
    Ok(Arc::new(config))
}

/// What a client trusts: Mozilla's roots, the system's, and `extra`.
pub fn client_config(extra: &[CertificateDer<'static>]) -> Arc<ClientConfig> {
    let mut roots = RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    };
    // The system's store may be missing or partly unreadable: Mozilla's roots remain.
    let system = rustls_native_certs::load_native_certs();
    roots.add_parsable_certificates(system.certs);
    roots.add_parsable_certificates(extra.iter().cloned());
    let config = ClientConfig::builder_with_provider(provider())
        .with_safe_default_protocol_versions()
        .expect("ring supports TLS 1.2 and 1.3")
        .with_root_certificates(roots)
        .with_no_client_auth();
    Arc::new(config)
}

/// [`client_config`] with no extra certificate, made once.
pub fn default_client_config() -> Arc<ClientConfig> {
    static CONFIG: OnceLock<Arc<ClientConfig>> = OnceLock::new();
    CONFIG.get_or_init(|| client_config(&[])).clone()
}
