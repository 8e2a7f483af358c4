// The old `func` keyword, visibilities, several functions, symbol refs between them.
func @main(%arg0: tensor<i32>) -> tensor<i32> {
  %0 = "tf.PartitionedCall"(%arg0) {config = "", config_proto = "", executor_type = "", f = @helper} : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}
func private @helper(%arg0: tensor<i32>) -> tensor<i32> {
  return %arg0 : tensor<i32>
}
func.func public @pub(%arg0: tensor<i32>) -> tensor<i32> {
  return %arg0 : tensor<i32>
}
func.func nested @nest(%arg0: tensor<i32>) -> tensor<i32> {
  return %arg0 : tensor<i32>
}
