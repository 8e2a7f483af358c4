// A file metadata block at the end (as MLIR prints for dense_resource blobs) is skipped.
func.func @f(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
}

{-#
  dialect_resources: {
    builtin: {
      unused: "0x0400000000000000"
    }
  }
#-}
