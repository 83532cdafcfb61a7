//! The connections the server holds: at most [`PER_ADDRESS`] at once from one address (the
//! ones beyond are closed as they come), a connection on which nothing is read or written
//! for [`IDLE`] closed, and so is one that has been sending for [`IDLE`] without being
//! answered (a request trickled a byte at a time). A device on the club's network that
//! opened connections and sent nothing on them held them for ever, until the server had no
//! file left to answer the tables' phones with.

use axum::serve::Listener;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};

/// Connections one address may hold at once (a table's phone needs one or two; a jury's
/// tablet a few more; a room's display one).
pub const PER_ADDRESS: usize = 64;
/// How long a connection may stay silent both ways before it is closed: longer than any
/// answer takes (a claim searched to its budget), far longer than a phone waits between two
/// requests.
pub const IDLE: Duration = Duration::from_secs(120);

type Counts = Arc<Mutex<HashMap<IpAddr, usize>>>;

/// A listener that keeps to those bounds.
pub struct Guarded {
    inner: TcpListener,
    counts: Counts,
    per_address: usize,
    idle: Duration,
}

impl Guarded {
    pub fn new(inner: TcpListener, per_address: usize, idle: Duration) -> Guarded {
        Guarded { inner, counts: Arc::default(), per_address, idle }
    }
}

impl Listener for Guarded {
    type Io = Watched;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Watched, SocketAddr) {
        loop {
            let (io, addr) = Listener::accept(&mut self.inner).await;
            let ip = addr.ip();
            {
                let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
                let held = counts.entry(ip).or_insert(0);
                if *held >= self.per_address {
                    // One too many from this address: closed at once (dropped).
                    continue;
                }
                *held += 1;
            }
            let idle = self.idle;
            return (Watched { io, idle, quiet: Box::pin(tokio::time::sleep(idle)), asked: None, ip, counts: self.counts.clone() }, addr);
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }
}

/// A connection, closed once silent both ways for `idle`; counted against its address
/// until dropped.
pub struct Watched {
    io: TcpStream,
    idle: Duration,
    quiet: Pin<Box<Sleep>>,
    /// When the first byte not yet answered was read (none: everything read was answered).
    asked: Option<Instant>,
    ip: IpAddr,
    counts: Counts,
}

impl Watched {
    /// Something was read or written: the silence starts again.
    fn heard(&mut self) {
        let until = Instant::now() + self.idle;
        self.quiet.as_mut().reset(until);
    }

    /// Waiting on the connection: an error once it has been silent too long.
    fn waiting(&mut self, cx: &mut Context<'_>) -> Poll<io::Error> {
        self.quiet.as_mut().poll(cx).map(|()| io::Error::new(io::ErrorKind::TimedOut, "a connection silent too long"))
    }
}

impl AsyncRead for Watched {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.io).poll_read(cx, buf) {
            Poll::Ready(done) => {
                this.heard();
                if buf.filled().len() > before {
                    // Sending for `idle` with no answer: a request that never ends.
                    let since = *this.asked.get_or_insert_with(Instant::now);
                    if since.elapsed() >= this.idle {
                        return Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, "a request sent for too long")));
                    }
                }
                Poll::Ready(done)
            }
            Poll::Pending => this.waiting(cx).map(Err),
        }
    }
}

impl AsyncWrite for Watched {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.io).poll_write(cx, buf) {
            Poll::Ready(done) => {
                this.heard();
                if done.as_ref().is_ok_and(|n| *n > 0) {
                    this.asked = None;
                }
                Poll::Ready(done)
            }
            Poll::Pending => this.waiting(cx).map(Err),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(held) = counts.get_mut(&self.ip) {
            *held = held.saturating_sub(1);
            if *held == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    async fn listening(per_address: usize, idle: Duration) -> (Guarded, SocketAddr) {
        let inner = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = inner.local_addr().unwrap();
        (Guarded::new(inner, per_address, idle), addr)
    }

    /// A connection on which nothing comes is closed once silent for `idle`; one that
    /// talks is not.
    #[tokio::test]
    async fn a_silent_connection_is_closed() {
        let (mut guarded, addr) = listening(4, Duration::from_millis(300)).await;
        let _client = TcpStream::connect(addr).await.unwrap();
        let (mut io, _) = guarded.accept().await;
        let mut buf = [0u8; 8];
        let started = Instant::now();
        let err = io.read(&mut buf).await.unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert!(started.elapsed() >= Duration::from_millis(250), "{:?}", started.elapsed());
        // Talking keeps it open: each byte asked and answered starts the silence again.
        let mut client = TcpStream::connect(addr).await.unwrap();
        let (mut io, _) = guarded.accept().await;
        for _ in 0..4 {
            tokio::time::sleep(Duration::from_millis(150)).await;
            client.write_all(b"x").await.unwrap();
            assert_eq!(io.read(&mut buf).await.unwrap(), 1);
            io.write_all(b"y").await.unwrap();
            assert_eq!(client.read(&mut buf).await.unwrap(), 1);
        }
    }

    /// A request trickled a byte at a time, never silent for `idle` but never done either, is
    /// closed once it has been coming for `idle` unanswered. Before, each byte started the
    /// silence again, and a device could hold a connection for ever.
    #[tokio::test]
    async fn a_request_trickled_without_end_is_closed() {
        let (mut guarded, addr) = listening(4, Duration::from_millis(300)).await;
        let mut client = TcpStream::connect(addr).await.unwrap();
        let (mut io, _) = guarded.accept().await;
        let mut buf = [0u8; 8];
        let started = Instant::now();
        let err = loop {
            tokio::time::sleep(Duration::from_millis(100)).await;
            client.write_all(b"G").await.unwrap();
            match io.read(&mut buf).await {
                Ok(n) => assert_eq!(n, 1),
                Err(e) => break e,
            }
            assert!(started.elapsed() < Duration::from_secs(5), "still open after 5 s");
        };
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert!(started.elapsed() >= Duration::from_millis(300), "{:?}", started.elapsed());
    }

    /// One address holds at most so many connections; the next is closed as it comes, and
    /// one closed makes room again.
    #[tokio::test]
    async fn an_address_holds_so_many_connections() {
        let (mut guarded, addr) = listening(2, IDLE).await;
        let mut held = vec![];
        for _ in 0..2 {
            let _client = TcpStream::connect(addr).await.unwrap();
            held.push((_client, guarded.accept().await.0));
        }
        // Full: the third is closed as it comes (read: the end of the stream).
        let mut third = TcpStream::connect(addr).await.unwrap();
        assert!(tokio::time::timeout(Duration::from_millis(500), guarded.accept()).await.is_err(), "nothing accepted while full");
        let mut buf = [0u8; 1];
        assert_eq!(tokio::time::timeout(Duration::from_secs(5), third.read(&mut buf)).await.unwrap().unwrap_or(0), 0);
        // One closed makes room: the next is taken.
        held.pop();
        let mut fourth = TcpStream::connect(addr).await.unwrap();
        let (mut io, _) = tokio::time::timeout(Duration::from_secs(5), guarded.accept()).await.unwrap();
        fourth.write_all(b"y").await.unwrap();
        assert_eq!(io.read(&mut buf).await.unwrap(), 1);
    }
}
