fn main(){ bevy::prelude::App::new(); }
