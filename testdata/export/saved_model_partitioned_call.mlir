// A saved-model signature as tf-mlir-translate --savedmodel-objectgraph-to-mlir leaves it after
// tf-saved-model passes are skipped: a public wrapper calls a private function through
// StatefulPartitionedCall (f = @..., config, executor_type), MirrorPad and Cumsum inside.
module attributes {tf.versions = {bad_consumers = [], min_consumer = 12 : i32, producer = 1645 : i32}} {
  func.func @serving_default(%arg0: tensor<?x4xf32> {tf._user_specified_name = "x"}) -> tensor<?x6xf32> attributes {tf.entry_function = {control_outputs = "", inputs = "serving_default_x:0", outputs = "StatefulPartitionedCall:0"}} {
    %0 = "tf.StatefulPartitionedCall"(%arg0) {_collective_manager_ids = [], _read_only_resource_inputs = [], config = "", config_proto = "\0A\07\0A\03CPU\10\01\0A\07\0A\03GPU\10\002\02J\008\01\82\01\00", device = "", executor_type = "", f = @__inference_call_42} : (tensor<?x4xf32>) -> tensor<?x6xf32>
    %1 = "tf.Identity"(%0) {device = ""} : (tensor<?x6xf32>) -> tensor<?x6xf32>
    return %1 : tensor<?x6xf32>
  }
  func.func private @__inference_call_42(%arg0: tensor<?x4xf32> {tf._user_specified_name = "x"}) -> tensor<?x6xf32> attributes {tf._construction_context = "kEagerRuntime", tf._input_shapes = [#tf_type.shape<?x4>], tf.signature.is_stateful} {
    %cst = "tf.Const"() {device = "", value = dense<[[0, 0], [1, 1]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
    %cst_0 = "tf.Const"() {device = "", value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %0 = "tf.MirrorPad"(%arg0, %cst) {device = "", mode = "REFLECT"} : (tensor<?x4xf32>, tensor<2x2xi32>) -> tensor<?x6xf32>
    %1 = "tf.Cumsum"(%0, %cst_0) {device = "", exclusive = false, reverse = false} : (tensor<?x6xf32>, tensor<i32>) -> tensor<?x6xf32>
    %2 = "tf.Identity"(%1) {device = ""} : (tensor<?x6xf32>) -> tensor<?x6xf32>
    return %2 : tensor<?x6xf32>
  }
}
// sweep: entry=serving_default arg0=3x4
