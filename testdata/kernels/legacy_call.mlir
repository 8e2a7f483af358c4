// tf.LegacyCall as tf-mlir-translate imports a GraphDef node that calls a library function (graph
// form, f = @…, _disable_call_shape_inference); the callee runs Tanh and a reversed exclusive
// Cumprod and a reversed Cumsum over a dynamic axis (loop offsets from run-time parameters).
module attributes {tf.versions = {bad_consumers = [], min_consumer = 0 : i32, producer = 1205 : i32}} {
  func.func @test(%arg0: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) attributes {tf.entry_function = {control_outputs = "", inputs = "x", outputs = "call:0,call:1"}} {
    %0:2 = tf_executor.graph {
      %outputs:2, %control = tf_executor.island wraps "tf.LegacyCall"(%arg0) {_disable_call_shape_inference = true, device = "", f = @scans0} : (tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) loc("call")
      tf_executor.fetch %outputs#0, %outputs#1 : tensor<?x?xf32>, tensor<?x?xf32>
    }
    return %0#0, %0#1 : tensor<?x?xf32>, tensor<?x?xf32>
  }
  func.func private @scans0(%arg0: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
    %0:2 = tf_executor.graph {
      %outputs, %control = tf_executor.island wraps "tf.Const"() {device = "", dtype = i32, value = dense<1> : tensor<i32>} : () -> tensor<i32> loc("axis")
      %outputs_0, %control_1 = tf_executor.island wraps "tf.Tanh"(%arg0) {T = f32, device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32> loc("tanh")
      %outputs_2, %control_3 = tf_executor.island wraps "tf.Cumprod"(%outputs_0, %outputs) {T = f32, Tidx = i32, device = "", exclusive = true, reverse = true} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x?xf32> loc("cumprod")
      %outputs_4, %control_5 = tf_executor.island wraps "tf.Cumsum"(%arg0, %outputs) {T = f32, Tidx = i32, device = "", exclusive = false, reverse = true} : (tensor<?x?xf32>, tensor<i32>) -> tensor<?x?xf32> loc("cumsum")
      tf_executor.fetch %outputs_2, %outputs_4 : tensor<?x?xf32>, tensor<?x?xf32>
    }
    return %0#0, %0#1 : tensor<?x?xf32>, tensor<?x?xf32>
  }
}
