// Graph form as tf-mlir-translate prints a GraphDef: islands wrapping one op, a control operand, an island with
// a body and tf_executor.yield, a tf.NoOp anchor and a fetched control token (dropped: no data); x * 2 + y
// feeds tanh, negated, and the sum is fetched too.
module attributes {tf.versions = {bad_consumers = [], min_consumer = 0 : i32, producer = 268 : i32}} {
  func.func @main(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) attributes {tf.entry_function = {control_outputs = "", inputs = "x,y", outputs = "out,out2"}} {
    %0:2 = tf_executor.graph {
      %outputs, %control = tf_executor.island wraps "tf.Const"() {device = "", value = dense<2.000000e+00> : tensor<f32>} : () -> tensor<f32> loc("Const")
      %outputs_0, %control_1 = tf_executor.island(%control) wraps "tf.Mul"(%arg0, %outputs) {device = ""} : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32> loc("mul")
      %outputs_2:2, %control_3 = tf_executor.island {
        %1 = "tf.AddV2"(%outputs_0, %arg1) {device = ""} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
        %2 = "tf.Tanh"(%1) {device = ""} : (tensor<?xf32>) -> tensor<?xf32>
        tf_executor.yield %2, %1 : tensor<?xf32>, tensor<?xf32>
      }
      %control_4 = tf_executor.island(%control_1, %control_3) wraps "tf.NoOp"() {device = ""} : () -> ()
      %outputs_5, %control_6 = tf_executor.island wraps "tf.Neg"(%outputs_2#0) {device = ""} : (tensor<?xf32>) -> tensor<?xf32> loc("out")
      tf_executor.fetch %outputs_5, %outputs_2#1, %control_4 : tensor<?xf32>, tensor<?xf32>, !tf_executor.control
    }
    return %0#0, %0#1 : tensor<?xf32>, tensor<?xf32>
  }
}
