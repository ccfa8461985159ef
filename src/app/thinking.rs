//! The one way the window lets a computer think: the work goes to Bevy's task pool, and the
//! game's system takes the result when it is ready, frames going on meanwhile. 括号大战's and
//! 军棋's computer seats and the 猪国杀 table playing on to the person's next question all
//! use it.

use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, futures_lite::future};

/// Work on the task pool, or none.
pub struct Thinking<T>(Option<Task<T>>);

impl<T> Default for Thinking<T> {
    fn default() -> Self {
        Thinking(None)
    }
}

impl<T: Send + 'static> Thinking<T> {
    /// Starts `work` on the task pool (dropping any work still running).
    pub fn start(&mut self, work: impl FnOnce() -> T + Send + 'static) {
        self.0 = Some(AsyncComputeTaskPool::get().spawn(async move { work() }));
    }

    /// Whether work is running.
    pub fn busy(&self) -> bool {
        self.0.is_some()
    }

    /// The result, once the work is done (then nothing is running).
    pub fn poll(&mut self) -> Option<T> {
        let result = block_on(future::poll_once(self.0.as_mut()?));
        if result.is_some() {
            self.0 = None;
        }
        result
    }

    /// Drops the work: a task dropped is cancelled.
    pub fn cancel(&mut self) {
        self.0 = None;
    }
}
