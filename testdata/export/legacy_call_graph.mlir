// A GraphDef with a function library as tf-mlir-translate imports it: a node calling a library function
// becomes tf.LegacyCall (f = @…, _disable_call_shape_inference), and the library function has a graph
// body of its own.
// sweep: arg0=3x4
module attributes {tf.versions = {bad_consumers = [], min_consumer = 0 : i32, producer = 1205 : i32}} {
  func.func @main(%arg0: tensor<?x4xf32>) -> tensor<?x4xf32> attributes {tf.entry_function = {control_outputs = "", inputs = "x", outputs = "call"}} {
    %0 = tf_executor.graph {
      %outputs, %control = tf_executor.island wraps "tf.LegacyCall"(%arg0) {_disable_call_shape_inference = true, device = "", f = @scaled_cumprod0} : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("call")
      %outputs_0, %control_1 = tf_executor.island wraps "tf.Identity"(%outputs) {T = f32, device = ""} : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("out")
      tf_executor.fetch %outputs_0 : tensor<?x4xf32>
    }
    return %0 : tensor<?x4xf32>
  }
  func.func private @scaled_cumprod0(%arg0: tensor<?x4xf32> {tf._user_specified_name = "x"}) -> tensor<?x4xf32> {
    %0 = tf_executor.graph {
      %outputs, %control = tf_executor.island wraps "tf.Const"() {device = "", dtype = i32, value = dense<1> : tensor<i32>} : () -> tensor<i32> loc("axis")
      %outputs_0, %control_1 = tf_executor.island wraps "tf.Tanh"(%arg0) {T = f32, device = ""} : (tensor<?x4xf32>) -> tensor<?x4xf32> loc("tanh")
      %outputs_2, %control_3 = tf_executor.island wraps "tf.Cumprod"(%outputs_0, %outputs) {T = f32, Tidx = i32, device = "", exclusive = true, reverse = true} : (tensor<?x4xf32>, tensor<i32>) -> tensor<?x4xf32> loc("cumprod")
      tf_executor.fetch %outputs_2 : tensor<?x4xf32>
    }
    return %0 : tensor<?x4xf32>
  }
}
