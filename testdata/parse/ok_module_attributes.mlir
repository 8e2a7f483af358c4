module attributes {tf.versions = {bad_consumers = [], min_consumer = 0 : i32, producer = 1645 : i32}, tf_saved_model.semantics} {
  func.func @main(%arg0: tensor<2x3xf32> {tf._user_specified_name = "x"}) -> tensor<2x3xf32> attributes {tf.entry_function = {control_outputs = "", inputs = "x", outputs = "Identity"}} {
    %0 = "tf.Identity"(%arg0) {device = ""} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}
