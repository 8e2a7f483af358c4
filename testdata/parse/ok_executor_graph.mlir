// Graph form as tf-mlir-translate --graphdef-to-mlir prints a GraphDef (TensorFlow's
// compiler/mlir/tensorflow/tests/graphdef2mlir/*.pbtxt CHECK lines): islands wrapping one op, control
// operands, an island with a body and tf_executor.yield, NoOp anchors, a fetched control token.
module attributes {tf.versions = {bad_consumers = [], min_consumer = 0 : i32, producer = 29 : i32}} {
  func.func @main(%arg0: tensor<10xi32>, %arg1: tensor<10xi32>) -> tensor<10xi32> attributes {tf.entry_function = {control_outputs = "", inputs = "input0,input1", outputs = "Add"}} {
    %0 = tf_executor.graph {
      %outputs, %control = tf_executor.island wraps "tf.Add"(%arg0, %arg1) {T = i32, device = ""} : (tensor<10xi32>, tensor<10xi32>) -> tensor<10xi32> loc("Add")
      tf_executor.fetch %outputs : tensor<10xi32>
    }
    return %0 : tensor<10xi32>
  }
}

// -----

func.func @islands(%arg0: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %0:2 = tf_executor.graph {
    %outputs, %control = tf_executor.island wraps "tf.Const"() {device = "", value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
    %outputs_0, %control_1 = tf_executor.island(%control) wraps "tf.Mul"(%arg0, %outputs) {device = ""} : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
    %outputs_2:2, %control_3 = tf_executor.island {
      %1 = "tf.Neg"(%outputs_0) : (tensor<?xf32>) -> tensor<?xf32>
      tf_executor.yield %1, %outputs_0 : tensor<?xf32>, tensor<?xf32>
    } loc("body")
    %control_4 = tf_executor.island(%control_1, %control_3) wraps "tf.NoOp"() {device = ""} : () -> ()
    tf_executor.fetch %outputs_2#0, %outputs_2#1, %control_4 : tensor<?xf32>, tensor<?xf32>, !tf_executor.control
  } loc(#loc)
  return %0#0, %0#1 : tensor<?xf32>, tensor<?xf32>
}
#loc = loc(unknown)

// -----

func.func @no_results() {
  tf_executor.graph {
    %control = tf_executor.island wraps "tf.NoOp"() {device = ""} : () -> ()
    tf_executor.fetch
  }
  return
}
