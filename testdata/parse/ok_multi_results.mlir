func.func @multi(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0:2 = "tf.Unpack"(%arg0) {axis = 0 : i64} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %1 = "tf.AddV2"(%0#0, %0#1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %lo, %hi = "tf.Split2"(%arg1) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %2:2, %3 = "tf.Split3"(%1) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  %4 = "tf.Mul"(%0, %lo) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %4, %2#1, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
